# label: ok
# flax-error: none
# class: 5 PhasePicker.setup wraps its dropout block in nn.remat; mc_picks draws one dropout key before the while_loop and the body passes the block a key folded with the draw index
"""Seismic phase picking: Monte Carlo dropout picks on one waveform window, to flag uncertain arrivals."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PickerBlock(nn.Module):
    channels: int = 8
    rate: float = 0.4

    @nn.compact
    def __call__(self, window, dropout_key):
        h = nn.relu(nn.Dense(self.channels, name="conv_proxy")(window))
        h = nn.Dropout(self.rate, deterministic=False)(h, rng=dropout_key)
        return nn.softmax(nn.Dense(self.channels, name="phase_logits")(h))


class PhasePicker(nn.Module):
    channels: int = 8

    def setup(self):
        self.block = nn.remat(PickerBlock)(channels=self.channels)

    def __call__(self, window):
        return self.block(window, self.make_rng("dropout"))

    def mc_picks(self, window, num_draws: int):
        buffer = jnp.zeros((num_draws, self.channels))
        base_key = self.make_rng("dropout")

        def cond(state):
            return state[0] < num_draws

        def body(state):
            i, picks = state
            pick = self.block(window, jax.random.fold_in(base_key, i))
            return i + 1, picks.at[i].set(pick)

        _, picks = lax.while_loop(cond, body, (0, buffer))
        return picks


def run_station(window, num_draws=5):
    picker = PhasePicker()
    variables = picker.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, window)
    return picker.apply(
        variables, window, num_draws, method=PhasePicker.mc_picks, rngs={"dropout": jax.random.key(9)}
    )


def main():
    window = jnp.sin(jnp.linspace(0.0, 6.0, 12))
    return run_station(window)
