# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "chars_seen" in "/decoder/stats" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 PageModel.__call__ runs the fori_loop and its body reaches the "stats" variable through self.decoder.decode -> self.stats.bump, applied without a mutable "stats"
"""OCR page decoding: classify glyph features line by line and keep a running character count."""
import jax
import jax.numpy as jnp
import flax.linen as fnn
from jax import lax


class StatsKeeper(fnn.Module):
    def setup(self):
        self.chars_seen = self.variable("stats", "chars_seen", jnp.zeros, ())

    def bump(self, count):
        self.chars_seen.value = self.chars_seen.value + count

    def total(self):
        return self.chars_seen.value


class LineDecoder(fnn.Module):
    vocab: int = 16

    def setup(self):
        self.classifier = fnn.Dense(self.vocab)
        self.stats = StatsKeeper()

    def __call__(self, glyphs):
        return jnp.argmax(self.classifier(glyphs), axis=-1)

    def decode(self, glyphs):
        ids = self(glyphs)
        self.stats.bump(jnp.sum(ids > 0).astype(jnp.float32))
        return ids


class PageModel(fnn.Module):
    def setup(self):
        self.decoder = LineDecoder()

    def warmup(self, page):
        return self.decoder.decode(page[0])

    def __call__(self, page):
        def body(i, out):
            return out.at[i].set(self.decoder.decode(page[i]))

        return lax.fori_loop(0, page.shape[0], body, jnp.zeros(page.shape[:2], jnp.int32))


class OcrPipeline:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, page):
        return self.model.apply(self.variables, page)


def glyph_page(lines=3, width=5, features=4):
    return jnp.cos(jnp.arange(lines * width * features, dtype=jnp.float32)).reshape(lines, width, features)


def main():
    page = glyph_page()
    model = PageModel()
    variables = model.init(jax.random.key(0), page, method=PageModel.warmup)
    ids = OcrPipeline(model, variables).run(page)
    jax.block_until_ready(ids)
