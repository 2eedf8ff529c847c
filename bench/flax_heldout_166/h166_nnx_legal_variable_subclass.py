# label: trace-context
# flax-error: TraceContextError: Cannot mutate TokenBudget from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 ExtractivePipeline.model carries a TokenBudget (an nnx.Variable subclass) that the while_loop body increments through self.model.consume()
"""Legal documents: extractive contract summaries pick clauses until a token budget is spent."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class TokenBudget(nnx.Variable):
    """Tokens emitted so far; not a parameter, never differentiated."""


@dataclasses.dataclass(frozen=True)
class SummaryConfig:
    clause_dim: int = 16
    clauses: int = 10
    max_tokens: int = 120


class ClauseScorer(nnx.Module):
    def __init__(self, cfg, rngs):
        self.score = nnx.Linear(cfg.clause_dim, 1, rngs=rngs)
        self.spent = TokenBudget(jnp.zeros((), jnp.int32))

    def __call__(self, clauses):
        return self.score(clauses).squeeze(-1)

    def consume(self, tokens):
        self.spent[...] = self.spent[...] + tokens


class ExtractivePipeline:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model

    def summarize(self, clauses, lengths):
        order = jnp.argsort(-self.model(clauses))

        def cond(carry):
            i, used, _ = carry
            return (i < self.cfg.clauses) & (used + lengths[order[i % self.cfg.clauses]] <= self.cfg.max_tokens)

        def body(carry):
            i, used, picked = carry
            idx = order[i]
            self.model.consume(lengths[idx])
            return i + 1, used + lengths[idx], picked.at[idx].set(True)

        start = (jnp.int32(0), jnp.int32(0), jnp.zeros(self.cfg.clauses, bool))
        return lax.while_loop(cond, body, start)[2]


def main():
    cfg = SummaryConfig()
    k1, k2 = jax.random.split(jax.random.key(0))
    clauses = jax.random.normal(k1, (cfg.clauses, cfg.clause_dim))
    lengths = jax.random.randint(k2, (cfg.clauses,), 10, 40)
    pipeline = ExtractivePipeline(cfg, ClauseScorer(cfg, nnx.Rngs(0)))
    picked = pipeline.summarize(clauses, lengths)
    (picked.sum() + pipeline.model.spent[...]).block_until_ready()
    return None
