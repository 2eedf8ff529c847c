# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body in the captioner's generate calls self.decoder.step, whose attention submodule sows its weights (apply with mutable=['intermediates'])
"""Greedy caption decoder with attention maps kept for plotting.

The captioner decodes with scan over time. The attention layer inside the
decoder records its weights with self.sow so they can be plotted later; the
caller asks for mutable=['intermediates'] and stacks what was sown.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Attention(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, h, memory):
        q = nn.Dense(self.dim, name="query")(h)
        weights = jax.nn.softmax(memory @ q / jnp.sqrt(self.dim))
        self.sow("intermediates", "weights", weights)
        return weights @ memory


class Decoder(nn.Module):
    vocab: int = 12
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = Attention(self.dim)
        self.cell = nn.GRUCell(self.dim)
        self.head = nn.Dense(self.vocab)

    def step(self, h, token, memory):
        context = self.attn(h, memory)
        h, out = self.cell(h, self.embed(token) + context)
        return h, self.head(out)


class Captioner(nn.Module):
    dim: int = 16

    def setup(self):
        self.decoder = Decoder(dim=self.dim)

    def __call__(self, memory, token):
        return self.decoder.step(jnp.zeros(self.dim), token, memory)

    def generate(self, memory, length):
        def body(carry, _):
            h, token = carry
            h, logits = self.decoder.step(h, token, memory)
            token = jnp.argmax(logits)
            return (h, token), token

        _, tokens = scan(body, (jnp.zeros(self.dim), jnp.array(0)), None, length=length)
        return tokens


def main():
    memory = jax.random.normal(jax.random.key(0), (9, 16))
    model = Captioner()
    variables = model.init(jax.random.key(1), memory, jnp.array(0))
    tokens, state = model.apply(
        {"params": variables["params"]}, memory, 5,
        method=Captioner.generate, mutable=["intermediates"],
    )
    maps = jnp.stack(state["intermediates"]["decoder"]["attn"]["weights"])
    print("tokens", tokens, "attention maps", maps.shape)
    return None
