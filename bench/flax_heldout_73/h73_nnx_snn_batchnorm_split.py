# label: ok
# flax-error: none
# class: 2 the model is split into graphdef and state before the raw lax.scan; the body merges it, calls step, and returns the new state in the carry; nnx.update after the loop
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
        graphdef, state = nnx.split(self)
        v0 = jnp.zeros((x_seq.shape[1], self.fc.out_features))

        def body(carry, x_t):
            state, v = carry
            model = nnx.merge(graphdef, state)
            v, spk = model.step(v, x_t)
            return (nnx.state(model), v), spk

        (state, _), spikes = lax.scan(body, (state, v0), x_seq)
        nnx.update(self, state)
        return spikes


def main():
    model = BNLIF(16, 32, rngs=nnx.Rngs(0))
    model.train()
    x_seq = jax.random.bernoulli(jax.random.key(1), 0.3, (10, 4, 16)).astype(jnp.float32)
    spikes = model(x_seq)
    jax.block_until_ready((spikes, model.bn.mean[...]))
    return None


if __name__ == "__main__":
    main()
