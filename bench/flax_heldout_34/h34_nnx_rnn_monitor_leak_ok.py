# label: ok
# flax-error: none
# class: 2 an NNX GRU sequence model's step method returns each hidden state from the raw lax.scan body; the stacked states are logged to a plain Python ActivationMonitor after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class ActivationMonitor:
    def __init__(self):
        self.records = []

    def log(self, value):
        self.records.append(value)

    def summary(self):
        return jnp.concatenate(self.records).std(axis=0)


class GRUTagger(nnx.Module):
    def __init__(self, din, dhidden, ntags, rngs: nnx.Rngs, monitor=None):
        self.cell = nnx.GRUCell(din, dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, ntags, rngs=rngs)
        self.monitor = monitor

    def step(self, h, x_t):
        h, y = self.cell(h, x_t)
        return h, (self.out(y), y)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[0], self.cell.hidden_features))
        _, (logits, hs) = jax.lax.scan(self.step, h0, jnp.swapaxes(xs, 0, 1))
        if self.monitor is not None:
            self.monitor.log(hs)
        return jnp.swapaxes(logits, 0, 1)


def main():
    monitor = ActivationMonitor()
    model = GRUTagger(3, 8, 4, nnx.Rngs(0), monitor=monitor)
    logits = model(jnp.ones((2, 5, 3)))
    spread = monitor.summary()
    spread.block_until_ready()
    return None
