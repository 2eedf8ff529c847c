# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on a Session in DiagnosisService.sessions; the scan body folds the step into the session's base key and passes rngs per call
"""Veterinary triage assistant: Monte-Carlo dropout samples of the condition posterior for one
patient's intake form, served per species from a small session cache."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class TriageConfig:
    n_features: int = 8
    n_conditions: int = 5
    hidden: int = 16
    dropout: float = 0.3
    mc_samples: int = 6


class SymptomEncoder(nn.Module):
    cfg: TriageConfig

    @nn.compact
    def __call__(self, feats, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.cfg.hidden)(feats))
        h = nn.Dropout(self.cfg.dropout, deterministic=deterministic)(h)
        return nn.softmax(nn.Dense(self.cfg.n_conditions)(h))


class Session:
    """One species' serving handle: a ready-to-call forward function and its base key."""

    def __init__(self, species, forward, key):
        self.species = species
        self.forward = forward
        self.key = key


def open_session(model, variables, species, seed):
    forward = functools.partial(model.apply, variables, deterministic=False)
    return Session(species, forward, jax.random.key(seed))


class DiagnosisService:
    def __init__(self, cfg: TriageConfig):
        self.cfg = cfg
        self.model = SymptomEncoder(cfg)
        self.variables = self.model.init(jax.random.key(0), jnp.zeros((1, cfg.n_features)))
        self.sessions = {}

    def session_for(self, species):
        if species not in self.sessions:
            seed = 100 + len(self.sessions)
            self.sessions[species] = open_session(self.model, self.variables, species, seed)
        return self.sessions[species]

    def posterior_samples(self, species, intake):
        session = self.session_for(species)

        def draw(step, _):
            key = jax.random.fold_in(session.key, step)
            probs = session.forward(intake, rngs={"dropout": key})
            return step + 1, probs[0]

        _, samples = jax.lax.scan(draw, 0, None, length=self.cfg.mc_samples)
        return samples


def main():
    service = DiagnosisService(TriageConfig())
    intake = jnp.linspace(-1.0, 1.0, 8)[None, :]
    samples = service.posterior_samples("canine", intake)
    print("posterior spread", samples.std(axis=0))
    return samples
