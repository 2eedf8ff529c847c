# label: same-values
# flax-error: none
# class: 5 the raw scan body calls a helper whose rngs argument defaults to a fresh nnx.Rngs(noise=0) built inside the loop body on every step
"""Noisy LIF network in NNX trained with a surrogate gradient; membrane noise (escape-noise
style) is added at each time step by a small helper shared with the evaluation code."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@jax.custom_jvp
def spike_fn(v):
    return (v > 0).astype(v.dtype)


@spike_fn.defjvp
def _spike_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    return spike_fn(v), dv / (1.0 + 10.0 * jnp.abs(v)) ** 2


def membrane_noise(shape, std, rngs: nnx.Rngs | None = None):
    if rngs is None:
        rngs = nnx.Rngs(noise=0)
    return std * jax.random.normal(rngs.noise(), shape)


class NoisyLIF(nnx.Module):
    def __init__(self, n_in, n_out, *, rngs: nnx.Rngs, beta=0.9, noise_std=0.05):
        self.fc = nnx.Linear(n_in, n_out, rngs=rngs)
        self.beta, self.noise_std = beta, noise_std

    def __call__(self, x_seq):
        n_out = self.fc.out_features

        def step(v, x_t):
            noise = membrane_noise((n_out,), self.noise_std)
            v = self.beta * v + self.fc(x_t) + noise
            s = spike_fn(v - 1.0)
            return v * (1.0 - s), (s, noise)

        _, (spikes, noises) = scan(step, jnp.zeros(n_out), x_seq)
        return spikes, noises


def main():
    snn = NoisyLIF(10, 20, rngs=nnx.Rngs(0))
    x_seq = jax.random.bernoulli(jax.random.key(1), 0.3, (12, 10)).astype(jnp.float32)
    _, noises = snn(x_seq)
    return noises


if __name__ == "__main__":
    print(main())
