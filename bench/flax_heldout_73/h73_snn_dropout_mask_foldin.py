# label: ok
# flax-error: none
# class: 2 bound method self.step (through functools.partial with a base key taken before the loop) is the raw lax.fori_loop body; the mask key is fold_in(base, t)
"""Recurrent spiking network (LIF neurons, surrogate-gradient training) with dropout on the
recurrent spikes at every simulation time step."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RecurrentLIF(nn.Module):
    n_in: int = 12
    n_hidden: int = 32
    tau: float = 0.9
    v_th: float = 1.0
    drop_rate: float = 0.3

    def setup(self):
        self.w_in = self.param('w_in', nn.initializers.lecun_normal(), (self.n_in, self.n_hidden))
        self.w_rec = self.param('w_rec', nn.initializers.orthogonal(), (self.n_hidden, self.n_hidden))

    def step(self, base_key, t, carry):
        v, s, currents, masks = carry
        keep = jax.random.bernoulli(jax.random.fold_in(base_key, t), 1.0 - self.drop_rate, s.shape)
        mask = keep.astype(s.dtype) / (1.0 - self.drop_rate)
        rec = (s * mask) @ self.w_rec
        v = self.tau * v + currents[t] + rec
        s = (v > self.v_th).astype(v.dtype)
        v = v * (1.0 - s)
        return v, s, currents, masks.at[t].set(mask)

    def __call__(self, x_seq):
        currents = x_seq @ self.w_in  # input currents for all time steps
        T = x_seq.shape[0]
        v0 = jnp.zeros(self.n_hidden)
        init = (v0, jnp.zeros_like(v0), currents, jnp.zeros((T, self.n_hidden)))
        base_key = self.make_rng('dropout')
        v, s, _, masks = lax.fori_loop(0, T, functools.partial(self.step, base_key), init)
        return s, masks


def main():
    snn = RecurrentLIF()
    x_seq = jax.random.bernoulli(jax.random.key(3), 0.2, (8, 12)).astype(jnp.float32)
    variables = snn.init({'params': jax.random.key(0), 'dropout': jax.random.key(1)}, x_seq)
    _, masks = snn.apply(variables, x_seq, rngs={'dropout': jax.random.key(2)})
    return masks


if __name__ == "__main__":
    print(main())
