# label: same-values
# flax-error: none
# class: 2 bound method self.step is the raw lax.fori_loop body and calls an nn.Dropout submodule (make_rng inside the loop)
"""Recurrent spiking network (LIF neurons, surrogate-gradient training) with dropout on the
recurrent spikes at every simulation time step."""
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
        self.spike_dropout = nn.Dropout(self.drop_rate, deterministic=False)

    def step(self, t, carry):
        v, s, currents, masks = carry
        mask = self.spike_dropout(jnp.ones_like(s))
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
        v, s, _, masks = lax.fori_loop(0, T, self.step, init)
        return s, masks


def main():
    snn = RecurrentLIF()
    x_seq = jax.random.bernoulli(jax.random.key(3), 0.2, (8, 12)).astype(jnp.float32)
    variables = snn.init({'params': jax.random.key(0), 'dropout': jax.random.key(1)}, x_seq)
    _, masks = snn.apply(variables, x_seq, rngs={'dropout': jax.random.key(2)})
    return masks


if __name__ == "__main__":
    print(main())
