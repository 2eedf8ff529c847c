# label: ok
# flax-error: none
# class: 4 the noise key is reached as controller.injector.settings.key inside the while_loop body, next to the injector's model and params; the trial index is folded into it
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class InjectorSettings:
    seed: int = 404
    sigma: float = 0.2

    @property
    def key(self):
        return jax.random.PRNGKey(self.seed)


class NoisyAspectModel(nn.Module):
    """Signal aspect logits under simulated track-circuit noise."""

    sigma: float

    @nn.compact
    def __call__(self, circuits):
        jitter = self.sigma * jax.random.normal(self.make_rng("noise"), circuits.shape)
        return nn.Dense(4, name="aspect")(circuits + jitter)


class NoiseInjector:
    def __init__(self, settings: InjectorSettings):
        self.settings = settings
        self.model = NoisyAspectModel(settings.sigma)
        dummy = jnp.zeros((3,))
        self.params = self.model.init(
            {"params": jax.random.PRNGKey(1), "noise": jax.random.PRNGKey(2)}, dummy
        )["params"]


class SignalController:
    def __init__(self, injector: NoiseInjector, trials: int):
        self.injector = injector
        self.trials = trials

    def stress_test(self, circuits):
        buffer = jnp.zeros((self.trials, 4))

        def body(state):
            trial, logits = state
            step_logits = self.injector.model.apply(
                {"params": self.injector.params},
                circuits,
                rngs={"noise": jax.random.fold_in(self.injector.settings.key, trial)},
            )
            return trial + 1, logits.at[trial].set(step_logits)

        _, logits = lax.while_loop(lambda s: s[0] < self.trials, body, (0, buffer))
        return logits


def main():
    controller = SignalController(NoiseInjector(InjectorSettings()), trials=5)
    circuits = jnp.array([0.95, 0.05, 0.4])
    return controller.stress_test(circuits)
