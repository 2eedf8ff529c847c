# label: ok
# flax-error: none
# class: 3 ema.shadow (an nnx.State of Params on a plain helper) enters and leaves the scan through the carry and is stored on the helper after the loop
"""Wind-turbine power-curve model trained with an exponential moving average of its weights for serving."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class PowerCurveNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x))).squeeze(-1)


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class EMAHelper:
    def __init__(self, model: nnx.Module, decay: float = 0.9):
        self.decay = decay
        self.shadow = jax.tree.map(jnp.copy, nnx.state(model, nnx.Param))

    def blend(self, shadow, params):
        return jax.tree.map(lambda s, p: self.decay * s + (1.0 - self.decay) * p, shadow, params)

    def update(self, params):
        self.shadow = self.blend(self.shadow, params)

    def copy_to(self, model: nnx.Module):
        nnx.update(model, self.shadow)


def train(model, ema: EMAHelper, xs, ys, lr=0.05):
    graphdef, state = nnx.split(model)

    def step(carry, batch):
        state, shadow = carry
        net = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(mse)(net, *batch)
        nnx.update(net, jax.tree.map(lambda p, g: p - lr * g, nnx.state(net, nnx.Param), grads))
        shadow = ema.blend(shadow, nnx.state(net, nnx.Param))
        return (nnx.state(net), shadow), loss

    (state, shadow), losses = lax.scan(step, (state, ema.shadow), (xs, ys))
    nnx.update(model, state)
    ema.shadow = shadow
    return losses


def main():
    wind = jax.random.uniform(jax.random.key(3), (10, 32, 3), maxval=25.0)
    power = jnp.clip((wind[..., 0] / 12.0) ** 3, 0.0, 1.0)
    model = PowerCurveNet(nnx.Rngs(0))
    ema = EMAHelper(model)
    train(model, ema, wind / 25.0, power)
    serving = nnx.clone(model)
    ema.copy_to(serving)
    print("serving loss", float(mse(serving, wind[0] / 25.0, power[0])))
    return None
