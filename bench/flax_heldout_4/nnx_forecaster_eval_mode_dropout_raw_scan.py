# label: ok
# flax-error: none
# class: 2 NNX autoregressive forecaster with Dropout and BatchNorm switched to model.eval() before a raw lax.scan rollout
import jax
import jax.numpy as jnp
from flax import nnx


class Forecaster(nnx.Module):
    def __init__(self, d, *, rngs):
        self.l1 = nnx.Linear(d, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(32, d, rngs=rngs)

    def __call__(self, x):
        return x + self.l2(self.drop(nnx.relu(self.bn(self.l1(x)))))


def forecast(model, x0, horizon):
    def step(x, _):
        x = model(x)
        return x, x

    _, traj = jax.lax.scan(step, x0, None, length=horizon)
    return traj


def main():
    model = Forecaster(3, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    _ = model(jnp.ones((8, 3)))  # one training-mode call updates the batch statistics
    model.eval()
    traj = forecast(model, jnp.ones((2, 3)), 12)
    print(traj.shape)
    return None
