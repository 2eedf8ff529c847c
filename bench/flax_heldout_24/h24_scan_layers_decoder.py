# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a shared MLP block held as a setup() submodule is first called inside the raw lax.scan over layers, so init creates its params in the loop
# modelled on: google/flax issue #3665 "Jax transforms and Flax models cannot be mixed" (EasyDeL Mixtral layers run with jax.lax.scan)
"""Weight-tied decoder stack: one residual MLP block applied `num_layers` times."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class MlpBlock(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        h = nn.gelu(nn.Dense(self.hidden)(h))
        return x + nn.Dense(self.out)(h)


class TiedDecoder(nn.Module):
    d_model: int = 32
    num_layers: int = 4

    def setup(self):
        self.embed = nn.Dense(self.d_model)
        self.block = MlpBlock(hidden=4 * self.d_model, out=self.d_model)
        self.head = nn.Dense(10)

    def __call__(self, x):
        h = self.embed(x)

        def layer_fn(h, _):
            return self.block(h), None

        h, _ = jax.lax.scan(layer_fn, h, None, length=self.num_layers)
        return self.head(h)


def main():
    x = jax.random.normal(jax.random.key(0), (8, 12))
    model = TiedDecoder()
    variables = model.init(jax.random.key(1), x)
    logits = model.apply(variables, x)
    print(logits.shape, jax.tree.map(jnp.shape, variables["params"]["block"]))
    return None
