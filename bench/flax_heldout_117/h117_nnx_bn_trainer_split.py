# label: ok
# flax-error: none
# class: 3 Recalibrator.run splits self.model before the fori_loop; the body merges it from the carried state and returns the updated state
"""Re-estimating BatchNorm statistics of an NNX 1-D conv net over a dataset, in a raw fori_loop.

Twin of h117_nnx_bn_trainer: the model is split, its state enters and leaves the loop in the
carry, and nnx.update writes it back after the loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3,), rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        return self.head(h.mean(axis=1))


class Recalibrator:
    def __init__(self, model):
        self.model = model

    def run(self, batches):
        self.model.train()
        graphdef, state = nnx.split(self.model)

        def body(i, carry):
            state, total = carry
            model = nnx.merge(graphdef, state)
            out = model(batches[i])
            return nnx.state(model), total + out.mean()

        state, total = lax.fori_loop(0, batches.shape[0], body, (state, 0.0))
        nnx.update(self.model, state)
        self.model.eval()
        return total


def main():
    batches = jax.random.normal(jax.random.key(0), (6, 16, 24, 1)) * 3.0 + 1.0
    model = ConvNet(nnx.Rngs(0))
    Recalibrator(model).run(batches)
    print("running mean", model.bn.mean[...].mean())
    return None
