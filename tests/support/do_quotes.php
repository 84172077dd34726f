<?php
// MediaWiki's own Parser::doQuotes, run on each line of a JSON list read from stdin.
// Used by tests/sync/test_wiki_quotes_as_mediawiki.py; the wiki's folder is the first argument.
define( 'MEDIAWIKI', 1 );
$IP = $argv[1];
require "$IP/includes/AutoLoader.php";
require "$IP/vendor/autoload.php";
$parser = ( new ReflectionClass( 'Parser' ) )->newInstanceWithoutConstructor();
$out = [];
foreach ( json_decode( file_get_contents( 'php://stdin' ) ) as $line ) {
	$out[] = $parser->doQuotes( $line );
}
echo json_encode( $out );
