# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body assigns values computed from the online Dense's parameters to closed-over `target` variables
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

class QNetWithTarget(nn.Module):
    @nn.compact
    def __call__(self, obs_seq):
        q_layer = nn.Dense(3)
        q_layer(obs_seq[0])
        target_bias = self.variable("target", "bias", jnp.zeros, (3,))
        target_kernel = self.variable("target", "kernel", jnp.zeros, (3, 3))

        def step(t, obs):
            target_bias.value = 0.5 * q_layer.variables["params"]["bias"]
            target_kernel.value = q_layer.variables["params"]["kernel"].T
            return t + 1, q_layer(obs).max()

        return lax.scan(step, 0, obs_seq)[1]


def main():
    model = QNetWithTarget()
    obs_seq = jnp.ones((5, 4))
    variables = model.init(jax.random.key(0), obs_seq)
    _, updates = model.apply(variables, obs_seq, mutable=["target"])
    jax.tree.map(lambda a: a + 0, updates)
