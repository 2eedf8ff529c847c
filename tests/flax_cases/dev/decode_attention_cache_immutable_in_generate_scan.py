# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the same decode-mode attention scanned in generate, applied without mutable=["cache"]
import flax.linen as nn
import jax
import jax.numpy as jnp


class Decoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(10, 8)
        self.attn = nn.SelfAttention(num_heads=2, qkv_features=8, decode=True)
        self.out = nn.Dense(10)

    def __call__(self, tokens):
        return self.out(self.attn(self.embed(tokens)))

    def generate(self, first, length):
        def step(tok, _):
            logits = self(tok[:, None])
            nxt = jnp.argmax(logits[:, 0], -1)
            return nxt, nxt

        return jax.lax.scan(step, first, None, length=length)[1]


def main():
    model = Decoder()
    prompt = jnp.zeros((2, 4), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), prompt)
    model.apply(variables, jnp.zeros((2,), jnp.int32), 3, method=Decoder.generate)
