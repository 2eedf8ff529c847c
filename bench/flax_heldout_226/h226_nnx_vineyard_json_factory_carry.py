# label: ok
# flax-error: none
# class: 5 build_irrigation_step(graphdef, cfg), chosen by the "phase" of a JSON config, returns a step that merges the model and its nnx.Optimizer from the scan carry and carries nnx.state back out; nnx.update writes it back after the loop
"""Vineyard irrigation: a soil-moisture model is refined block by block from a JSON job description."""
import json

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan

JOB_JSON = """
{"job": "irrigation-refit", "phase": "train",
 "optimizer": {"name": "sgd", "learning_rate": 0.05, "momentum": 0.9},
 "blocks": 7, "vines_per_block": 6, "probes": 4}
"""


class SoilMoistureModel(nnx.Module):
    def __init__(self, probes, rngs: nnx.Rngs):
        self.root_zone = nnx.Linear(probes, 8, rngs=rngs)
        self.deficit = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, probes):
        return self.deficit(nnx.softplus(self.root_zone(probes)))[..., 0]


def make_optimizer(model, spec):
    tx = optax.sgd(spec["learning_rate"], momentum=spec.get("momentum"))
    return nnx.Optimizer(model, tx, wrt=nnx.Param)


def build_irrigation_step(graphdef, cfg):
    def loss_fn(m, probes, target):
        return jnp.mean((m(probes) - target) ** 2)

    def train_step(carry, block):
        total, state = carry
        model, optimizer = nnx.merge(graphdef, state)
        probes, target = block
        loss, grads = nnx.value_and_grad(loss_fn)(model, probes, target)
        optimizer.update(model, grads)
        return (total + loss, nnx.state((model, optimizer))), loss

    def eval_step(carry, block):
        total, state = carry
        model, _ = nnx.merge(graphdef, state)
        probes, target = block
        loss = loss_fn(model, probes, target)
        return (total + loss, state), loss

    return train_step if cfg["phase"] == "train" else eval_step


def main():
    cfg = json.loads(JOB_JSON)
    model = SoilMoistureModel(cfg["probes"], nnx.Rngs(0))
    optimizer = make_optimizer(model, cfg["optimizer"])
    probes = jax.random.normal(jax.random.key(1), (cfg["blocks"], cfg["vines_per_block"], cfg["probes"]))
    target = jnp.abs(jax.random.normal(jax.random.key(2), (cfg["blocks"], cfg["vines_per_block"])))
    graphdef, state = nnx.split((model, optimizer))
    step = build_irrigation_step(graphdef, cfg)
    (total, state), losses = scan(step, (jnp.zeros(()), state), (probes, target))
    nnx.update((model, optimizer), state)
    jax.block_until_ready(total)
    return None
