# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/blocks_0/SelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 `generate` (apply(method=)) runs a fori_loop whose body calls `self(tok, decode=True)`; `__call__` passes `decode` to setup-list blocks whose compact attention then writes its cache
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

    def generate(self, first, steps):
        def body(i, tok):
            nxt = self(tok[:, None], decode=True)[:, -1]
            return jnp.argmax(nxt, -1).astype(jnp.int32)

        return jax.lax.fori_loop(0, steps, body, first)


def main():
    model = CodeLM()
    variables = model.init(jax.random.key(0), jnp.zeros((2, 6), jnp.int32), decode=True)
    model.apply(variables, jnp.array([1, 2], jnp.int32), 4, method=CodeLM.generate)
