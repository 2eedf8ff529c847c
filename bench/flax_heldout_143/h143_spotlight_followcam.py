# label: same-values
# flax-error: none
# class: 5 @register_step decorator registry: build_follow_step(model, variables, key) returns the scan step that applies the model with the captured key
"""Stage lighting: a follow-spot proposes candidate aim points for a performer with MC dropout."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

STEP_BUILDERS = {}


def register_step(name: str):
    def decorate(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return decorate


@dataclasses.dataclass(frozen=True)
class FollowSpotConfig:
    step: str = "follow"
    candidates: int = 5
    seed: int = 21


class AimNet(nn.Module):
    @nn.compact
    def __call__(self, frame, train: bool = True):
        h = nn.relu(nn.Dense(24, name="track")(frame))
        h = nn.Dropout(0.25, deterministic=not train)(h)
        return nn.Dense(2, name="pan_tilt")(h)


@register_step("follow")
def build_follow_step(model, variables, key):
    def step(carry, _):
        aim = model.apply(variables, carry, rngs={"dropout": key})
        return carry, aim

    return step


class FollowSpot:
    def __init__(self, config: FollowSpotConfig, model, variables):
        self.config = config
        self.model = model
        self.variables = variables

    def propose(self, frame):
        key = jax.random.key(self.config.seed)
        step = STEP_BUILDERS[self.config.step](self.model, self.variables, key)
        _, aims = jax.lax.scan(step, frame, None, length=self.config.candidates)
        return aims


def main():
    model = AimNet()
    frame = jnp.cos(jnp.arange(2 * 10, dtype=jnp.float32)).reshape(2, 10)
    variables = model.init(jax.random.key(0), frame, train=False)
    spot = FollowSpot(FollowSpotConfig(), model, variables)
    return spot.propose(frame)
