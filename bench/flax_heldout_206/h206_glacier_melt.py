# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "melt" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 project_melt binds the model into a local `ablation` module and runs a while_loop whose body calls ablation.step, which records its melt through self.put_variable('diagnostics', ...) in the immutable bound scope
"""Glacier mass balance: degree-day melt projection until the seasonal snowpack is gone."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DegreeDayMelt(nn.Module):
    n_bands: int = 5   # elevation bands

    def setup(self):
        self.ddf = self.param("ddf", nn.initializers.constant(4.5), (self.n_bands,))   # mm w.e. per degC per day
        self.lapse = nn.Dense(self.n_bands)

    def __call__(self, air_temp):
        return self.lapse(air_temp[None])

    def step(self, snowpack, air_temp):
        band_temp = self(air_temp)
        melt = jnp.minimum(snowpack, jnp.maximum(band_temp, 0.0) * self.ddf)
        self.put_variable("diagnostics", "melt", melt)
        return snowpack - melt


def project_melt(model, variables, snowpack, temps):
    ablation = model.bind(variables)

    def cond(state):
        day, pack = state
        return (day < temps.shape[0]) & (pack.sum() > 1.0)

    def body(state):
        day, pack = state
        return day + 1, ablation.step(pack, temps[day])

    return lax.while_loop(cond, body, (jnp.asarray(0), snowpack))


def main():
    model = DegreeDayMelt()
    temps = 2.0 + 4.0 * jnp.sin(jnp.linspace(0.0, 3.0, 120))
    snowpack = jnp.linspace(800.0, 1600.0, 5)
    variables = model.init(jax.random.key(0), temps[0])
    day, remaining = project_melt(model, variables, snowpack, temps)
    remaining.block_until_ready()
    return None
