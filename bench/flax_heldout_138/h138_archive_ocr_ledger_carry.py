# label: ok
# flax-error: none
# class: 3 functools.partial(model.apply, mutable=["ledger"]) kept on TranscriptionService.apply_fn; the ledger is carried through the fori_loop
"""Glyph transcription service for an archive digitisation line.

Every call of the OCR head bumps a "ledger" counter so that operators can bill
per patch processed.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class OCRHead(nn.Module):
    vocab: int = 30

    @nn.compact
    def __call__(self, patch):
        seen = self.variable("ledger", "patches_seen", lambda: jnp.zeros((), jnp.int32))
        seen.value = seen.value + 1
        h = nn.gelu(nn.Dense(24, name="glyph_features")(patch))
        return nn.Dense(self.vocab, name="glyph_logits")(h)


class TranscriptionService:
    def __init__(self, model: OCRHead, variables):
        self.vocab = model.vocab
        self.params = variables["params"]
        self.ledger = variables["ledger"]
        self.apply_fn = functools.partial(model.apply, mutable=["ledger"])

    def transcribe(self, patches):
        def body(i, carry):
            logits_sum, ledger = carry
            logits, updates = self.apply_fn({"params": self.params, "ledger": ledger}, patches[i])
            return logits_sum + logits, updates["ledger"]

        totals, self.ledger = lax.fori_loop(
            0, patches.shape[0], body, (jnp.zeros((self.vocab,)), self.ledger))
        return jnp.argmax(totals)


def main():
    model = OCRHead()
    patches = jnp.cos(jnp.arange(8 * 16, dtype=jnp.float32).reshape(8, 16) / 5.0)
    variables = model.init(jax.random.key(0), patches[0])
    service = TranscriptionService(model, variables)
    service.transcribe(patches)
    return None
