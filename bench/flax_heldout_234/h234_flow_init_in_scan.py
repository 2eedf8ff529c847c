# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the flow's own compact __call__ runs jax.lax.scan over Euler steps and calls its velocity submodule inside the body
import jax
import jax.numpy as jnp
from flax import linen as nn


class VelocityField(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        t_feat = jnp.broadcast_to(jnp.stack([jnp.sin(t), jnp.cos(t)]), x.shape[:-1] + (2,))
        h = jnp.concatenate([x, t_feat], axis=-1)
        h = nn.softplus(nn.Dense(self.hidden)(h))
        h = nn.softplus(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


class ContinuousFlow(nn.Module):
    """Flow-matching style sampler: integrates dx/dt = v(x, t) from noise to data."""
    n_steps: int = 8

    @nn.compact
    def __call__(self, x0):
        field = VelocityField(name="field")
        dt = 1.0 / self.n_steps

        def euler_step(x, t):
            return x + dt * field(x, t), None

        ts = jnp.linspace(0.0, 1.0 - dt, self.n_steps)
        x1, _ = jax.lax.scan(euler_step, x0, ts)
        return x1


def flow_matching_loss(flow, variables, x0, x1_target):
    x1 = flow.apply(variables, x0)
    return jnp.mean((x1 - x1_target) ** 2)


def main():
    flow = ContinuousFlow()
    noise = jax.random.normal(jax.random.key(0), (16, 2))
    target = jnp.tile(jnp.array([[2.0, -1.0]]), (16, 1))
    variables = flow.init(jax.random.key(1), noise)
    loss = flow_matching_loss(flow, variables, noise, target)
    jax.block_until_ready(loss)
    return None
