# label: same-values
# flax-error: none
# class: 5 make_formation_step(coordinator) returns the scan step, which calls coordinator.policy, a functools.partial(model.apply, variables, rngs={'wind': key}) built once
"""Drone swarm coordinator.

A formation policy moves every drone toward its slot in the formation; a stochastic wind model
adds gusts. The coordinator rolls the swarm forward for a few control ticks and reports the gusts
each tick so the safety monitor can check the sampled disturbance envelope.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SwarmConfig:
    n_drones: int = 5
    ticks: int = 6
    gust_scale: float = 0.3
    dt: float = 0.1


class FormationPolicy(nn.Module):
    gust_scale: float

    @nn.compact
    def __call__(self, positions, slots):
        error = slots - positions
        velocity = nn.Dense(3, use_bias=False)(error)
        gust = self.gust_scale * jax.random.normal(self.make_rng("wind"), positions.shape)
        return velocity, gust


class SwarmCoordinator:
    def __init__(self, config: SwarmConfig, model: FormationPolicy, variables, wind_key):
        self.config = config
        self.slots = jnp.stack([jnp.array([i * 2.0, 0.0, 10.0]) for i in range(config.n_drones)])
        self.policy = functools.partial(model.apply, variables, rngs={"wind": wind_key})


def make_formation_step(coordinator: SwarmCoordinator):
    dt = coordinator.config.dt

    def step(positions, tick):
        velocity, gust = coordinator.policy(positions, coordinator.slots)
        return positions + dt * (velocity + gust), gust

    return step


def main():
    config = SwarmConfig()
    model = FormationPolicy(gust_scale=config.gust_scale)
    positions = jax.random.uniform(jax.random.key(5), (config.n_drones, 3), maxval=4.0)
    variables = model.init({"params": jax.random.key(0), "wind": jax.random.key(1)}, positions, positions)
    coordinator = SwarmCoordinator(config, model, variables, wind_key=jax.random.key(77))
    step = make_formation_step(coordinator)
    final, gusts = scan(step, positions, jnp.arange(config.ticks))
    print("final spread", jnp.std(final, axis=0))
    return gusts
