# label: ok
# flax-error: none
# class: 1 MeltSurrogate.__call__ runs the scan itself; the body returns daily melt as the scan output and the method sows the stacked series after the loop
"""Glacier mass-balance surrogate: a degree-day style model steps snow-water equivalent through a
melt season; a trainer callback logs the season's total melt from the sown diagnostics."""
from flax import linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class MeltSurrogate(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, forcing, swe0):
        n_feat = forcing.shape[-1] + 1
        w_in = self.param('w_energy', nn.initializers.lecun_normal(), (n_feat, self.hidden))
        w_out = self.param('w_melt', nn.initializers.lecun_normal(), (self.hidden, 1))

        def day(swe, f):
            h = nn.softplus(jnp.concatenate([f, swe[None]]) @ w_in)
            melt = jnp.minimum(nn.softplus(h @ w_out)[0], swe)
            return swe - melt, melt

        swe_end, daily_melt = lax.scan(day, swe0, forcing)
        self.sow('diagnostics', 'daily_melt', daily_melt)
        return swe_end


class SeasonLogger:
    def __init__(self):
        self.rows = []

    def on_season_end(self, season, outputs, diagnostics):
        melt = diagnostics['daily_melt']
        self.rows.append((season, float(jnp.sum(jnp.stack(melt))), float(outputs)))


class SeasonRunner:
    def __init__(self, module, params, callbacks):
        self.module = module
        self.params = params
        self.callbacks = callbacks

    def run(self, season, forcing, swe0):
        swe_end, state = self.module.apply({'params': self.params}, forcing, swe0,
                                           mutable=['diagnostics'])
        for cb in self.callbacks:
            cb.on_season_end(season, swe_end, state['diagnostics'])
        return swe_end


def main():
    module = MeltSurrogate()
    forcing = jnp.linspace(0.0, 2.0, 30 * 3).reshape(30, 3)
    variables = module.init(jax.random.key(1), forcing, jnp.asarray(5.0))
    runner = SeasonRunner(module, variables['params'], [SeasonLogger()])
    runner.run('2023', forcing, jnp.asarray(5.0))
    return None
