# label: ok
# flax-error: none
# class: 3 `generate` re-runs `self(prefix)` without decoding in its fori_loop body: the attention in the setup-list blocks keeps no cache
import jax
import jax.numpy as jnp
import flax.linen as nn


class CodeBlock(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, x, decode):
        h = nn.SelfAttention(num_heads=2, qkv_features=self.width, decode=decode)(nn.LayerNorm()(x))
        return x + nn.Dense(self.width)(h)


class CodeLM(nn.Module):
    vocab: int = 12

    def setup(self):
        self.embed = nn.Embed(self.vocab, 8)
        self.blocks = [CodeBlock() for _ in range(2)]
        self.logits = nn.Dense(self.vocab)

    def __call__(self, tokens, decode=False):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x, decode)
        return self.logits(x)

    def generate(self, prefix, steps):
        def body(i, prefix):
            nxt = self(prefix)[:, -1]
            return jnp.roll(prefix, -1, axis=1).at[:, -1].set(jnp.argmax(nxt, -1).astype(jnp.int32))

        return jax.lax.fori_loop(0, steps, body, prefix)


def main():
    model = CodeLM()
    prefix = jnp.ones((2, 6), jnp.int32)
    variables = model.init(jax.random.key(0), prefix)
    model.apply(variables, prefix, 4, method=CodeLM.generate)
