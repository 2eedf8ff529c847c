# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 bound method model.step is the raw lax.scan body; it runs an nnx.BatchNorm in training mode, which writes its batch statistics every step
"""Spiking convolution-free SNN with batch normalisation through time (BNTT, Kim & Panda 2021
style) on the input currents of a LIF layer."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BNLIF(nnx.Module):
    def __init__(self, n_in, n_out, *, rngs: nnx.Rngs, beta=0.9, threshold=1.0):
        self.fc = nnx.Linear(n_in, n_out, rngs=rngs)
        self.bn = nnx.BatchNorm(n_out, momentum=0.9, rngs=rngs)
        self.beta = beta
        self.threshold = threshold

    def step(self, v, x_t):
        i_t = self.bn(self.fc(x_t))
        v = self.beta * v + i_t
        spk = (v > self.threshold).astype(v.dtype)
        return v - spk * self.threshold, spk

    def __call__(self, x_seq):
        v0 = jnp.zeros((x_seq.shape[1], self.fc.out_features))
        _, spikes = lax.scan(self.step, v0, x_seq)
        return spikes


def main():
    model = BNLIF(16, 32, rngs=nnx.Rngs(0))
    model.train()
    x_seq = jax.random.bernoulli(jax.random.key(1), 0.3, (10, 4, 16)).astype(jnp.float32)
    spikes = model(x_seq)
    jax.block_until_ready(spikes)
    return None


if __name__ == "__main__":
    main()
