# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped StationBlock created in __call__ and called inside a raw jax.lax.scan body, so init creates its params inside the loop
"""Railway delay propagation: push an initial delay vector along the stations of a line with a
shared, rematerialised station block (memory matters: long lines, many trains)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LineConfig:
    trains: int = 6
    station_features: int = 5
    hidden: int = 24


class StationBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, delays, station):
        x = jnp.concatenate([delays, jnp.broadcast_to(station, (delays.shape[0], station.shape[-1]))], -1)
        h = nn.relu(nn.Dense(self.hidden)(x))
        return nn.softplus(delays + nn.Dense(delays.shape[-1])(h))


RematStationBlock = nn.remat(StationBlock)


class DelayPropagator(nn.Module):
    cfg: LineConfig

    @nn.compact
    def __call__(self, initial_delays, stations):
        block = RematStationBlock(self.cfg.hidden)

        def next_station(delays, station):
            delays = block(delays, station)
            return delays, delays.max()

        final, worst = jax.lax.scan(next_station, initial_delays, stations)
        return final, worst


def main():
    cfg = LineConfig()
    model = DelayPropagator(cfg)
    delays = jnp.abs(jax.random.normal(jax.random.key(0), (cfg.trains, 1))) * 4.0
    stations = jax.random.uniform(jax.random.key(1), (18, cfg.station_features))
    variables = model.init(jax.random.key(2), delays, stations)
    final, worst = model.apply(variables, delays, stations)
    print("arrival delays:", final.ravel())
    return None
