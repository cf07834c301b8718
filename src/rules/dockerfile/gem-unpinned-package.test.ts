import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './gem-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM ruby:3.3\nRUN gem install nokogiri:1.16.7 -- --use-system-libraries\n',
    'FROM ruby\nRUN gem install bundler -v 2.5.22\n',
    'FROM ruby\nRUN gem install --version=2.5.22 bundler\n',
    'FROM ruby\nRUN gem install bundler:2.5.22 rake:13.2.1\n',
    'FROM ruby\nRUN gem install ./pkg/my.gem\n',
    'FROM ruby\nRUN gem install -g Gemfile\n',
    'FROM ruby\nRUN gem update --system 3.5.22\n',
  ],
  invalid: [
    { code: 'FROM ruby:3.3\nRUN gem install nokogiri -- --with-xml2-config=/usr/bin/xml2-config\n', errors: [{ line: 2, column: 17, endColumn: 25, message: 'nokogiri' }] },
    { code: 'FROM ruby\nRUN gem install --no-document -n /usr/local/bin rails rake:13\n', errors: [{ line: 2, column: 49, endColumn: 54, message: '`rails`' }] },
  ],
});
