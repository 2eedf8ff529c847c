# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the while_loop body in ProbabilityFlowSampler.__call__ calls self.velocity, a submodule attribute whose params are created there during init
import flax.linen as nn
import jax
import jax.numpy as jnp


class VelocityField(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        tt = jnp.broadcast_to(t, (x.shape[0], 1))
        h = nn.Dense(self.hidden)(jnp.concatenate([x, tt], axis=-1))
        h = nn.softplus(h)
        return nn.Dense(x.shape[-1])(h)


class ProbabilityFlowSampler(nn.Module):
    """Euler integration of the probability-flow ODE from t = 1 to t = t_min."""

    dt: float = 0.2
    t_min: float = 1e-3

    def setup(self):
        self.velocity = VelocityField()

    def __call__(self, x1):
        def keep_going(state):
            t, _ = state
            return t > self.t_min

        def euler(state):
            t, x = state
            x = x - self.dt * self.velocity(x, t)
            return t - self.dt, x

        _, x0 = jax.lax.while_loop(keep_going, euler, (jnp.float32(1.0), x1))
        return x0


def main():
    sampler = ProbabilityFlowSampler()
    x1 = jax.random.normal(jax.random.key(0), (8, 4))
    variables = sampler.init(jax.random.key(1), x1)
    x0 = sampler.apply(variables, x1)
    jax.block_until_ready(x0)
    return None
