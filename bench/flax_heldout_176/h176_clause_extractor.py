# label: same-values
# flax-error: none
# class: 1 the clause sampler's own method runs fori_loop and calls self.make_rng inside the body
"""Legal contract clause extractor.

The extraction service asks the span sampler for several candidate clause boundaries per
contract; each candidate perturbs the boundary logits with Gumbel noise.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class ExtractionRequest:
    contract_id: str
    num_candidates: int = 6
    temperature: float = 0.7


class ClauseSpanSampler(nn.Module):
    vocab: int = 64
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.boundary = nn.Dense(2)

    def __call__(self, tokens):
        return self.boundary(self.embed(tokens))

    def sample_spans(self, tokens, num_candidates, temperature):
        logits = self(tokens) / temperature
        candidates = jnp.zeros((num_candidates,) + logits.shape)

        def body(i, buf):
            noise = jax.random.gumbel(self.make_rng("spans"), logits.shape)
            return buf.at[i].set(logits + noise)

        return fori_loop(0, num_candidates, body, candidates)


class ClauseExtractionService:
    def __init__(self, sampler, variables, seed):
        self.sampler = sampler
        self.variables = variables
        self.key = jax.random.key(seed)

    def handle(self, request, tokens):
        self.key, span_key = jax.random.split(self.key)
        return self.sampler.apply(
            self.variables, tokens, request.num_candidates, request.temperature,
            method=ClauseSpanSampler.sample_spans, rngs={"spans": span_key})


def main():
    sampler = ClauseSpanSampler()
    tokens = jax.random.randint(jax.random.key(0), (24,), 0, 64)
    variables = sampler.init(jax.random.key(1), tokens)
    service = ClauseExtractionService(sampler, variables, seed=7)
    candidates = service.handle(ExtractionRequest("MSA-2291"), tokens)
    return candidates
