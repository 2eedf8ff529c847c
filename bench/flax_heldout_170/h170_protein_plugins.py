# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 plugin chain built from a nested dict; the "contact_scorer" plugin keeps jax.checkpoint(functools.partial(model.apply, variables)) with BatchNorm recalibrating
"""Protein structure scorer: a chain of plugins scores each decoy of a docking run."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

PLUGINS = {}


def register(name):
    def wrap(cls):
        PLUGINS[name] = cls
        return cls
    return wrap


class ContactNet(nn.Module):
    recalibrate: bool = False

    @nn.compact
    def __call__(self, distances):
        contacts = jax.nn.sigmoid(8.0 - distances)  # soft contact map
        h = nn.Dense(16)(contacts.mean(axis=-1))
        h = nn.BatchNorm(use_running_average=not self.recalibrate, axis_name=None)(h[None])[0]
        return nn.Dense(1)(nn.tanh(h))[0]


@register("contact_scorer")
class ContactScorer:
    def __init__(self, model, variables, weight=1.0, remat=True):
        fn = functools.partial(model.apply, variables)
        self.score_fn = jax.checkpoint(fn) if remat else fn
        self.weight = weight

    def __call__(self, decoy):
        return self.weight * self.score_fn(decoy)


@register("clash_penalty")
class ClashPenalty:
    def __init__(self, model, variables, cutoff=3.0, weight=0.5):
        self.cutoff, self.weight = cutoff, weight

    def __call__(self, decoy):
        return -self.weight * jnp.sum(jax.nn.relu(self.cutoff - decoy)) / decoy.shape[0]


def build_chain(spec, model, variables):
    return [PLUGINS[p["name"]](model, variables, **p.get("options", {})) for p in spec["scoring"]["plugins"]]


def score_decoys(chain, decoys):
    def per_decoy(best, decoy):
        total = sum(plugin(decoy) for plugin in chain)
        return jnp.maximum(best, total), total

    return jax.lax.scan(per_decoy, -jnp.inf, decoys)


def main():
    spec = {"scoring": {"plugins": [
        {"name": "contact_scorer", "options": {"weight": 1.0, "remat": True}},
        {"name": "clash_penalty", "options": {"cutoff": 3.2}},
    ]}}
    coords = jax.random.normal(jax.random.key(0), (8, 12, 3)) * 6.0  # decoys x residues x xyz
    decoys = jnp.linalg.norm(coords[:, :, None] - coords[:, None, :], axis=-1)
    model = ContactNet(recalibrate=True)
    variables = model.init(jax.random.key(1), decoys[0])
    best, scores = score_decoys(build_chain(spec, model, variables), decoys)
    assert scores.shape == (8,)
    return None
