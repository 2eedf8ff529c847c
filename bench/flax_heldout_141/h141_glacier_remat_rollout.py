# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 MeltRollout.setup wraps MeltCell in nn.remat; init and apply both go through the rollout method, so the rematerialised cell creates its params inside the raw jax.lax.scan body
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

    def rollout(self, snowpack, season):
        def day(pack, forcing):
            pack = self.cell(pack, forcing)
            return pack, self.readout(pack)[0]

        return jax.lax.scan(day, snowpack, season)


def main():
    season = jax.random.normal(jax.random.key(0), (30, 3))  # 30 days x (temp, precip, radiation)
    model = MeltRollout()
    pack0 = jnp.zeros((8,))
    variables = model.init(jax.random.key(1), pack0, season[:2], method=MeltRollout.rollout)
    final_pack, runoff = model.apply(variables, pack0, season, method=MeltRollout.rollout)
    print("season runoff", float(runoff.sum()), final_pack.shape)
    return None
