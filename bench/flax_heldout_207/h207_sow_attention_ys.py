# label: ok
# flax-error: none
# class: 4 the scan body calls self.encoder.block(...), which returns its attention weights as scan outputs; they are sown after the loop
"""A weight-shared (universal) transformer encoder that applies one block repeatedly with lax.scan.

The attention maps of every repetition are collected with sow for plotting; apply is called
with mutable=["intermediates"]."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

SEQ, D, DEPTH = 6, 16, 4


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        q = nn.Dense(D, name="q")(x)
        k = nn.Dense(D, name="k")(x)
        v = nn.Dense(D, name="v")(x)
        weights = nn.softmax(q @ k.T / jnp.sqrt(D), axis=-1)
        x = nn.LayerNorm()(x + weights @ v)
        return nn.LayerNorm()(x + nn.Dense(D)(nn.gelu(nn.Dense(2 * D)(x)))), weights


class Encoder(nn.Module):
    def setup(self):
        self.embed = nn.Dense(D)
        self.block = Block()


class UniversalTransformer(nn.Module):
    def setup(self):
        self.encoder = Encoder()

    def __call__(self, tokens):
        x, first = self.encoder.block(self.encoder.embed(tokens))

        def body(x, _):
            return self.encoder.block(x)

        x, rest = lax.scan(body, x, None, length=DEPTH - 1)
        self.sow("intermediates", "attention", jnp.concatenate([first[None], rest]))
        return x


def main():
    model = UniversalTransformer()
    tokens = jax.random.normal(jax.random.key(0), (SEQ, 8))
    variables = model.init(jax.random.key(1), tokens)
    _, state = model.apply(variables, tokens, mutable=["intermediates"])
    maps = state["intermediates"]["attention"]
    jnp.stack(maps).sum()
    return None


if __name__ == "__main__":
    main()
