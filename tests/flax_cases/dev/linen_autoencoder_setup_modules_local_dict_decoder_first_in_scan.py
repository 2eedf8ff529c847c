# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup encoder and decoder gathered in a local dict; the encoder runs before the scan, the decoder's first call is through the dict in the body
import jax
import jax.numpy as jnp
from flax import linen as nn

class TrajectoryAutoencoder(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(8)
        self.decoder = nn.Dense(5)

    def __call__(self, obs0):
        parts = {"enc": self.encoder, "dec": self.decoder}
        z0 = parts["enc"](obs0)
        def body(z, _):
            return z, parts["dec"](z)
        return jax.lax.scan(body, z0, None, length=4)[1]


def main():
    obs0 = jnp.ones((2, 5))
    model = TrajectoryAutoencoder()
    variables = model.init(jax.random.key(0), obs0)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, obs0)
