# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the classifier's __call__ scans over sentences and sows each sentence's clause weights from inside the body
"""Legal documents: a clause-attention classifier whose weights are kept for the explainer."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ClassifierConfig:
    vocab_dim: int = 12
    hidden: int = 16
    num_labels: int = 4
    sentences: int = 6
    tokens: int = 5
    docs: int = 3


class ClauseAttentionClassifier(nn.Module):
    cfg: ClassifierConfig

    @nn.compact
    def __call__(self, docs):
        # docs: [sentences, docs, tokens, vocab_dim]
        keys = nn.Dense(self.cfg.hidden, name="keys")(docs)
        scores = nn.Dense(1, name="score")(keys).squeeze(-1)

        def per_sentence(summary, inputs):
            sent_keys, sent_scores = inputs
            weights = jax.nn.softmax(sent_scores, axis=-1)
            self.sow("intermediates", "clause_weights", weights)
            pooled = jnp.einsum("dt,dth->dh", weights, sent_keys)
            return summary + pooled, pooled

        summary, _ = scan(per_sentence, jnp.zeros((docs.shape[1], self.cfg.hidden)), (keys, scores))
        return nn.Dense(self.cfg.num_labels, name="head")(summary / docs.shape[0])


class Explainer:
    """Turns the sown clause weights into a per-document salience map."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def explain(self, docs):
        logits, state = self.model.apply(self.variables, docs, mutable=["intermediates"])
        weights = jnp.stack(state["intermediates"]["clause_weights"])
        return logits, weights.max(axis=-1)


def main():
    cfg = ClassifierConfig()
    docs = jax.random.normal(jax.random.key(0), (cfg.sentences, cfg.docs, cfg.tokens, cfg.vocab_dim))
    model = ClauseAttentionClassifier(cfg)
    variables = model.init(jax.random.key(1), docs)
    logits, salience = Explainer(model, variables).explain(docs)
    (logits.sum() + salience.sum()).block_until_ready()
    return None
