# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the ODE function submodule, wrapped in a functools.partial time rescaling, is first called by rk4_step, a helper of the odeint_rk4 helper, inside its fori_loop body, so init creates its params there
"""Neural ODE classifier integrated with a fixed-step RK4 solver."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ODEConfig:
    features: int = 8
    hidden: int = 32
    num_classes: int = 3
    t1: float = 1.0
    num_steps: int = 8


class ODEFunc(nn.Module):
    hidden: int
    features: int

    @nn.compact
    def __call__(self, t, y):
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        h = nn.softplus(nn.Dense(self.hidden)(ty))
        h = nn.softplus(nn.Dense(self.hidden)(h))
        return nn.Dense(self.features)(h)


def time_rescaled(f, horizon, s, y):
    return horizon * f(s * horizon, y)


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    k4 = f(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def odeint_rk4(f, y0, t0, t1, num_steps):
    dt = (t1 - t0) / num_steps

    def body(i, y):
        return rk4_step(f, t0 + i * dt, y, dt)

    return jax.lax.fori_loop(0, num_steps, body, y0)


class NeuralODEClassifier(nn.Module):
    cfg: ODEConfig

    @nn.compact
    def __call__(self, x):
        cfg = self.cfg
        y0 = nn.Dense(cfg.features, name="encoder")(x)
        func = ODEFunc(cfg.hidden, cfg.features, name="odefunc")
        y1 = odeint_rk4(functools.partial(time_rescaled, func, cfg.t1), y0, 0.0, 1.0, cfg.num_steps)
        return nn.Dense(cfg.num_classes, name="decoder")(y1)


def main():
    cfg = ODEConfig()
    model = NeuralODEClassifier(cfg)
    x = jax.random.normal(jax.random.key(0), (4, 5))
    variables = model.init(jax.random.key(1), x)
    logits = model.apply(variables, x)
    print(jax.nn.softmax(logits))
    return None
