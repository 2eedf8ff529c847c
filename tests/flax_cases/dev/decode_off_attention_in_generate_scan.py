# label: ok
# flax-error: none
# class: 3 the same generate scan over an attention layer built with decode=False: nothing is cached
import flax.linen as nn
import jax
import jax.numpy as jnp


class Decoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(10, 8)
        self.attn = nn.SelfAttention(num_heads=2, qkv_features=8, decode=False)
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
