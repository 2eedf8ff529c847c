# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 rollout method run via apply(method=, mutable=['intermediates']) scans time steps through a residual helper that sows into 'intermediates' in the body
"""Physics-informed net for the 1-D heat equation, rolled forward in time with residual logging."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class HeatConfig:
    grid: int = 16
    hidden: int = 16
    steps: int = 5
    dt: float = 0.01
    alpha: float = 0.1


class FieldNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, xt):
        h = nn.tanh(nn.Dense(self.hidden)(xt))
        h = nn.tanh(nn.Dense(self.hidden)(h))
        return nn.Dense(1)(h)[..., 0]


class HeatPINN(nn.Module):
    cfg: HeatConfig

    def setup(self):
        self.field = FieldNet(self.cfg.hidden)

    def __call__(self, x, t):
        return self.field(jnp.stack([x, jnp.full_like(x, t)], -1))

    def _residual(self, x, t):
        u = lambda xx, tt: self.field(jnp.stack([xx, tt]))
        u_t = jax.vmap(jax.grad(u, argnums=1), (0, None))(x, t)
        u_xx = jax.vmap(jax.grad(jax.grad(u)), (0, None))(x, t)
        r = u_t - self.cfg.alpha * u_xx
        self.sow("intermediates", "pde_residual", jnp.mean(r ** 2))
        return r

    def rollout(self, x):
        def body(carry, _):
            t, worst = carry
            r = self._residual(x, t)
            worst = jnp.maximum(worst, jnp.abs(r).max())
            return (t + self.cfg.dt, worst), self(x, t)

        (_, worst), fields = jax.lax.scan(body, (0.0, 0.0), None, length=self.cfg.steps)
        return fields, worst


def main():
    cfg = HeatConfig()
    model = HeatPINN(cfg)
    x = jnp.linspace(0.0, 1.0, cfg.grid)
    variables = model.init(jax.random.key(0), x, 0.0)
    (fields, worst), state = model.apply(variables, x, method=HeatPINN.rollout,
                                         mutable=["intermediates"])
    residuals = jax.tree.leaves(state["intermediates"])
    print("mean residual", float(jnp.mean(jnp.stack(residuals))), float(worst), fields.shape)
    return None
