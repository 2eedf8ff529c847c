# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the thread scorer's score_thread() sows per-message scores into 'intermediates' from inside its own raw lax.scan body
"""Content-moderation pipeline: the toxicity stage scores a whole reply thread, keeping the
per-message scores as intermediates so the audit log can show why a thread was hidden."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ThreadToxicityScorer(nn.Module):
    hidden: int = 16

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.head = nn.Dense(1)

    def __call__(self, message):
        return jax.nn.sigmoid(self.head(nn.relu(self.encoder(message))))[..., 0]

    def score_thread(self, messages):
        def read(worst, message):
            s = self(message)
            self.sow('intermediates', 'per_message', s)
            return jnp.maximum(worst, s), None

        worst, _ = lax.scan(read, jnp.zeros(()), messages)
        return worst


class AuditLog:
    def __init__(self):
        self.rows = []

    def record(self, thread_id, per_message):
        self.rows.append((thread_id, float(jnp.max(jnp.stack(per_message)))))


class ToxicityStage:
    def __init__(self, variables, audit):
        self.model = ThreadToxicityScorer()
        self.variables = variables
        self.audit = audit

    def __call__(self, thread_id, messages):
        worst, state = self.model.apply(self.variables, messages,
                                        method=ThreadToxicityScorer.score_thread,
                                        mutable=['intermediates'])
        self.audit.record(thread_id, state['intermediates']['per_message'])
        return worst > 0.5


def main():
    variables = ThreadToxicityScorer().init(jax.random.key(0), jnp.zeros((12,)))
    stage = ToxicityStage(variables, AuditLog())
    messages = jax.random.normal(jax.random.key(1), (6, 12))
    stage('thread-81', messages)
    return None
