# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "offset" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a config-keyed cache of jitted sweeps built by a factory; the runtime-chosen strategy closes over variables and asks the model to update its 'calibration' collection in the scan body
"""Piano tuning assistant: strategies from a registry sweep the keyboard with an inharmonicity model."""
import abc
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn

_STRATEGIES: Dict[str, type] = {}
_SWEEP_CACHE: Dict["TunerConfig", Callable] = {}


def register(name: str):
    def deco(cls):
        _STRATEGIES[name] = cls
        return cls
    return deco


@dataclasses.dataclass(frozen=True)
class TunerConfig:
    strategy: str
    keys: int = 12
    partials: int = 6


class InharmonicityNet(nn.Module):
    @nn.compact
    def __call__(self, partials, update_offset: bool):
        offset = self.variable("calibration", "offset", lambda: jnp.zeros(()))
        cents = nn.Dense(1)(nn.tanh(nn.Dense(8)(partials)))[..., 0]
        if update_offset:
            offset.value = 0.9 * offset.value + 0.1 * cents.mean()
        return cents - offset.value


class TuningStrategy(abc.ABC):
    def __init__(self, model: InharmonicityNet, variables):
        self.model, self.variables = model, variables

    @abc.abstractmethod
    def cents(self, partials):
        ...


@register("equal")
class EqualTemperament(TuningStrategy):
    def cents(self, partials):
        return self.model.apply(self.variables, partials, False)


@register("stretch")
class StretchTuning(TuningStrategy):
    def cents(self, partials):
        return 1.2 * self.model.apply(self.variables, partials, True)


def get_sweep(cfg: TunerConfig, model, variables) -> Callable:
    if cfg not in _SWEEP_CACHE:
        strategy = _STRATEGIES[cfg.strategy](model, variables)

        def sweep(keyboard):
            def key_step(drift, partials):
                c = strategy.cents(partials)
                return drift + c, c
            return jax.lax.scan(key_step, jnp.zeros(()), keyboard)

        _SWEEP_CACHE[cfg] = jax.jit(sweep)
    return _SWEEP_CACHE[cfg]


def main():
    cfg = TunerConfig(strategy="stretch")
    keyboard = jax.random.uniform(jax.random.key(5), (cfg.keys, cfg.partials))
    model = InharmonicityNet()
    variables = model.init(jax.random.key(0), keyboard[0], False)
    drift, _ = get_sweep(cfg, model, variables)(keyboard)
    drift.block_until_ready()
    return None
