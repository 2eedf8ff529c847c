# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the bound method LSTMLayer.step is the scan body and sows each hidden state into 'intermediates' while apply has mutable=['intermediates']
"""Stacked LSTM speech encoder over log-mel frames, with hidden states collected for probing."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EncoderConfig:
    n_mels: int = 20
    hidden: int = 16
    num_layers: int = 2
    vocab: int = 12


class LSTMLayer(nn.Module):
    hidden: int

    def setup(self):
        self.cell = nn.OptimizedLSTMCell(self.hidden)

    def step(self, carry, x):
        carry, y = self.cell(carry, x)
        self.sow("intermediates", "hidden", y)
        return carry, y

    def __call__(self, frames):
        carry = self.cell.initialize_carry(jax.random.key(0), frames[0].shape)
        carry, first = self.cell(carry, frames[0])
        _, rest = jax.lax.scan(self.step, carry, frames[1:])
        return jnp.concatenate([first[None], rest], axis=0)


class SpeechEncoder(nn.Module):
    cfg: EncoderConfig

    def setup(self):
        self.frontend = nn.Dense(self.cfg.hidden)
        self.layers = [LSTMLayer(self.cfg.hidden) for _ in range(self.cfg.num_layers)]
        self.ctc_head = nn.Dense(self.cfg.vocab)

    def __call__(self, mels):
        h = nn.gelu(self.frontend(mels))
        for layer in self.layers:
            h = layer(h)
        return jax.nn.log_softmax(self.ctc_head(h))


def layer_norms(intermediates):
    return {name: jnp.linalg.norm(jnp.stack(v["hidden"]), axis=-1).mean()
            for name, v in intermediates.items()}


def main():
    cfg = EncoderConfig()
    model = SpeechEncoder(cfg)
    mels = jax.random.normal(jax.random.key(0), (9, 2, cfg.n_mels))
    variables = model.init(jax.random.key(1), mels)
    log_probs, state = model.apply(variables, mels, mutable=["intermediates"])
    print(log_probs.shape, layer_norms(state["intermediates"]))
    return None
