# label: ok
# flax-error: none
# class: 3 the model is nnx.split before the raw lax.scan; its state is carried, nnx.merge'd inside the body where BatchNorm updates run, split back, and nnx.update'd after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ConvBlock(nnx.Module):
    def __init__(self, channels, rngs):
        self.conv = nnx.Conv(channels, channels, kernel_size=(3,), rngs=rngs)
        self.bn = nnx.BatchNorm(channels, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x)))


def forward(model, x):
    return model(x).mean()


def load_batches(key, n_batches=4, batch=2, length=8, channels=3):
    # stand-in for a data loader: a stack of equally sized batches
    return jax.random.normal(key, (n_batches, batch, length, channels)) * 2.0 + 1.0


def main():
    model = ConvBlock(3, rngs=nnx.Rngs(0))
    model.train()
    batches = load_batches(jax.random.key(1))
    graphdef, state = nnx.split(model)

    def body(state, x):
        m = nnx.merge(graphdef, state)
        out = forward(m, x)
        _, state = nnx.split(m)
        return state, out

    state, means = lax.scan(body, state, batches)
    nnx.update(model, state)
    print(means, model.bn.mean.value)
    return None
