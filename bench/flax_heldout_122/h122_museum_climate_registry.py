# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_adjust" in "/" because collection "probes" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the bound regulator reaches the fori_loop body through ClimateController.sessions[room] -> RoomSession.bound, built by a factory from a decorator registry
"""Museum climate control: settle the relative humidity of each gallery with a learned valve
regulator, the regulator built from a registry of model factories."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_FACTORIES = {}


def register(name):
    def decorate(factory):
        MODEL_FACTORIES[name] = factory
        return factory

    return decorate


@dataclasses.dataclass(frozen=True)
class RegulatorConfig:
    hidden: int = 12
    gain: float = 0.3


class HumidityRegulator(nn.Module):
    cfg: RegulatorConfig

    def setup(self):
        self.valve = nn.Sequential([nn.Dense(self.cfg.hidden), nn.tanh, nn.Dense(1)])

    def step(self, rh, setpoint):
        adjust = self.cfg.gain * self.valve(jnp.stack([rh, setpoint - rh], axis=-1))[..., 0]
        self.put_variable("probes", "last_adjust", adjust)  # inspected by the ops dashboard
        return rh + adjust


@register("humidity")
def humidity_regulator(cfg: RegulatorConfig):
    return HumidityRegulator(cfg)


class RoomSession:
    def __init__(self, kind, cfg, key, rh0, setpoint):
        model = MODEL_FACTORIES[kind](cfg)
        variables = model.init(key, rh0, setpoint, method=HumidityRegulator.step)
        self.bound = model.bind(variables)


class ClimateController:
    def __init__(self, sessions):
        self.sessions = sessions

    def settle(self, room, rh0, setpoint, ticks):
        def tick(i, rh):
            return self.sessions[room].bound.step(rh, setpoint)

        return jax.lax.fori_loop(0, ticks, tick, rh0)


def main():
    rh0 = jnp.array([0.62, 0.55, 0.48])  # display cases
    setpoint = jnp.full((3,), 0.50)
    sessions = {"east-gallery": RoomSession("humidity", RegulatorConfig(), jax.random.key(0), rh0, setpoint)}
    controller = ClimateController(sessions)
    jax.block_until_ready(controller.settle("east-gallery", rh0, setpoint, 24))
    return None
