# label: ok
# flax-error: none
# class: 4 a train=False flag passed from the forecaster through the cell to BatchNorm and Dropout inside the fori_loop rollout body, under an apply whose batch_stats are immutable
"""Precipitation nowcasting: a convolutional GRU rolled forward from the last radar frame in evaluation mode."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class NowcastConfig:
    grid: int = 8
    features: int = 8
    lead_steps: int = 5
    dropout: float = 0.1


class ConvGRUCell(nn.Module):
    cfg: NowcastConfig

    @nn.compact
    def __call__(self, h, x, train: bool):
        xh = jnp.concatenate([x, h], -1)
        zr = nn.sigmoid(nn.Conv(2 * self.cfg.features, (3, 3), padding="SAME")(xh))
        z, r = jnp.split(zr, 2, -1)
        cand = nn.Conv(self.cfg.features, (3, 3), padding="SAME")(jnp.concatenate([x, r * h], -1))
        cand = nn.BatchNorm(use_running_average=not train, momentum=0.9)(cand)
        cand = nn.Dropout(self.cfg.dropout, deterministic=not train)(jnp.tanh(cand))
        return (1 - z) * h + z * cand


class Nowcaster(nn.Module):
    cfg: NowcastConfig

    def setup(self):
        self.cell = ConvGRUCell(self.cfg)
        self.to_rain = nn.Conv(1, (1, 1))

    def __call__(self, frame, h, train: bool = True):
        h = self.cell(h, frame, train)
        return nn.softplus(self.to_rain(h)), h

    def forecast(self, frame, train: bool):
        h = jnp.zeros(frame.shape[:-1] + (self.cfg.features,))
        out = jnp.zeros((self.cfg.lead_steps,) + frame.shape)

        def lead(i, state):
            frame, h, out = state
            frame, h = self(frame, h, train)
            return frame, h, out.at[i].set(frame)

        _, _, out = jax.lax.fori_loop(0, self.cfg.lead_steps, lead, (frame, h, out))
        return out


class Forecaster:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def predict(self, frame, train=False):
        return self.model.apply(self.variables, frame, train, method=Nowcaster.forecast)


def main():
    cfg = NowcastConfig()
    model = Nowcaster(cfg)
    frame = jax.random.uniform(jax.random.key(0), (2, cfg.grid, cfg.grid, 1))
    h0 = jnp.zeros((2, cfg.grid, cfg.grid, cfg.features))
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, frame, h0)
    rain = Forecaster(model, variables).predict(frame)
    rain.block_until_ready()
    return None
