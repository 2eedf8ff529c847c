# label: ok
# flax-error: none
# class: 5 MeltRollout.setup wraps MeltCell in nn.remat; the season loop runs outside the module and each day applies the variables dict, which travels in the jax.lax.scan carry
"""Glacier melt emulator: a recurrent cell advances the snowpack state one day at a time from the
daily weather forcing. The cell is rematerialised to keep memory down on long seasons."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltCell(nn.Module):
    state_dim: int = 8

    @nn.compact
    def __call__(self, snowpack, forcing):
        gate = nn.sigmoid(nn.Dense(self.state_dim, name="gate")(forcing))
        update = nn.tanh(nn.Dense(self.state_dim, name="update")(snowpack))
        return gate * snowpack + (1.0 - gate) * update


class MeltRollout(nn.Module):
    state_dim: int = 8

    def setup(self):
        self.cell = nn.remat(MeltCell)(self.state_dim)
        self.readout = nn.Dense(1)

    def __call__(self, snowpack, forcing):
        snowpack = self.cell(snowpack, forcing)
        return snowpack, self.readout(snowpack)[0]


def rollout(model, variables, snowpack, season):
    def day(carry, forcing):
        variables, pack = carry
        pack, runoff = model.apply(variables, pack, forcing)
        return (variables, pack), runoff

    (_, pack), runoff = jax.lax.scan(day, (variables, snowpack), season)
    return pack, runoff


def main():
    season = jax.random.normal(jax.random.key(0), (30, 3))  # 30 days x (temp, precip, radiation)
    model = MeltRollout()
    pack0 = jnp.zeros((8,))
    variables = model.init(jax.random.key(1), pack0, season[0])
    final_pack, runoff = rollout(model, variables, pack0, season)
    print("season runoff", float(runoff.sum()), final_pack.shape)
    return None
