# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[15,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a TriageAdapter wraps the NNX model in functools.partial(self._run, model); the fori_loop body calls adapter.forward, and _run caches the hidden features on the adapter, which explain() reads after the loop
"""Insurance claims triage: iterate severity re-scoring as adjuster notes arrive.

The adapter lets the legacy triage service call an NNX model like a plain function and
keeps the last hidden features for the explanation panel.
"""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SeverityModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.notes = nnx.Linear(features, 10, rngs=rngs)
        self.severity = nnx.Linear(10, 4, rngs=rngs)

    def hidden(self, claims):
        return nnx.relu(self.notes(claims))

    def __call__(self, claims):
        return nnx.softmax(self.severity(self.hidden(claims)), axis=-1)


class TriageAdapter:
    def __init__(self, model: SeverityModel):
        self._last_hidden = None
        self.forward = functools.partial(self._run, model)

    def _run(self, model, claims):
        self._last_hidden = model.hidden(claims)
        return model(claims)

    def explain(self):
        return jnp.argsort(-jnp.abs(self._last_hidden).mean(0))[:3]


class TriageService:
    def __init__(self, adapter: TriageAdapter, rounds: int = 4):
        self.adapter, self.rounds = adapter, rounds

    def rescore(self, claims, note_updates):
        def round_(r, c):
            probs = self.adapter.forward(c)
            return c + note_updates[r] * probs[:, -1:]

        final = jax.lax.fori_loop(0, self.rounds, round_, claims)
        return final, self.adapter.explain()


def main():
    claims = jax.random.normal(jax.random.key(0), (15, 8))  # 15 open claims x 8 features
    updates = 0.1 * jax.random.normal(jax.random.key(1), (4, 15, 8))
    service = TriageService(TriageAdapter(SeverityModel(8, nnx.Rngs(0))))
    jax.block_until_ready(service.rescore(claims, updates))
    return None
