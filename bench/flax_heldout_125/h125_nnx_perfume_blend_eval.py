# label: ok
# flax-error: none
# class: 4 the BatchStat variables of BlendScorer, reached through BlendService -> ScoringAdapter -> model.norm, are only read in the while_loop body because the model is put in eval mode after calibration
"""Perfume blending: after a short calibration pass, a blend service walks candidate accords
and stops at the first one whose predicted appeal reaches the brief.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BlendScorer(nnx.Module):
    def __init__(self, n_notes, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_notes, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, accords):
        return self.head(nnx.relu(self.norm(self.proj(accords))))[..., 0]


class ScoringAdapter:
    """Adapts the scorer to the service's one-accord-at-a-time interface."""

    def __init__(self, model):
        self.model = model

    def appeal(self, accord):
        return self.model(accord[None])[0]


class BlendService:
    def __init__(self, adapter, brief=0.2):
        self.adapter = adapter
        self.brief = brief

    def first_match(self, candidates):
        def searching(state):
            i, found = state
            return (i < candidates.shape[0]) & (found < 0)

        def try_accord(state):
            i, found = state
            hit = self.adapter.appeal(candidates[i]) > self.brief
            return i + 1, jnp.where(hit, i, found)

        return jax.lax.while_loop(searching, try_accord, (jnp.int32(0), jnp.int32(-1)))[1]


def calibrate(model, calibration_batch):
    model.train()
    model(calibration_batch)
    model.eval()
    return model


def main():
    model = calibrate(BlendScorer(6, nnx.Rngs(0)), jax.random.normal(jax.random.key(1), (16, 6)))
    service = BlendService(ScoringAdapter(model))
    service.first_match(jax.random.normal(jax.random.key(2), (10, 6))).block_until_ready()
    return None
