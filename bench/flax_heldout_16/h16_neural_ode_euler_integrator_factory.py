# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a factory builds the Euler integrator whose scan body calls a functools.partial of the block's velocity method, which first creates the VectorField layers during init
"""Continuous-depth classifier: an ODE block integrated with a fixed-step Euler solver."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ODEConfig:
    width: int = 8
    hidden: int = 16
    num_steps: int = 4
    t1: float = 1.0
    num_classes: int = 3


def make_euler_integrator(num_steps, t1):
    dt = t1 / num_steps

    def integrate(fn, y0):
        def body(y, t):
            return y + dt * fn(y, t), None

        ts = jnp.arange(num_steps) * dt
        y1, _ = jax.lax.scan(body, y0, ts)
        return y1

    return integrate


class VectorField(nn.Module):
    hidden: int
    width: int

    def setup(self):
        self.fc1 = nn.Dense(self.hidden)
        self.fc2 = nn.Dense(self.width)

    def __call__(self, y, t):
        h = jnp.tanh(self.fc1(jnp.concatenate([y, jnp.broadcast_to(t, y[..., :1].shape)], -1)))
        return self.fc2(h)


class ODEBlock(nn.Module):
    config: ODEConfig

    def setup(self):
        self.field = VectorField(self.config.hidden, self.config.width)

    def velocity(self, y, t, scale):
        return scale * self.field(y, t)

    def __call__(self, y):
        integrate = make_euler_integrator(self.config.num_steps, self.config.t1)
        return integrate(functools.partial(self.velocity, scale=1.0), y)


class ODEClassifier(nn.Module):
    config: ODEConfig

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.config.width, name="embed")(x)
        y = ODEBlock(self.config, name="ode")(y)
        return nn.Dense(self.config.num_classes, name="head")(y)


def cross_entropy(model, params, x, labels):
    logits = model.apply({"params": params}, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], -1))


def main():
    config = ODEConfig()
    model = ODEClassifier(config)
    x = jax.random.normal(jax.random.key(0), (4, 5))
    labels = jnp.array([0, 1, 2, 0])
    params = model.init(jax.random.key(1), x)["params"]
    loss, grads = jax.value_and_grad(functools.partial(cross_entropy, model))(params, x, labels)
    return None
