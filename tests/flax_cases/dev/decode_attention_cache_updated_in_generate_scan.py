# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 an apply-only generate method scans over `self(tok)`, whose setup `nn.SelfAttention(decode=True)` updates its cache each step; apply with mutable=["cache"]
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
    out, state = model.apply(variables, jnp.zeros((2,), jnp.int32), 3, method=Decoder.generate, mutable=["cache"])
    jax.tree.map(lambda v: v + 0, state)
