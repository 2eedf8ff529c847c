# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/ConvBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the train flag is passed __call__ -> chunk_logits() -> ChunkEncoder -> ConvBlock -> BatchNorm inside the chunk scan; apply without mutable=['batch_stats']
"""Streaming speech recogniser: a convolutional chunk encoder followed by a GRU that
carries context across chunks, trained with a frame-level cross-entropy."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@dataclasses.dataclass(frozen=True)
class StreamConfig:
    n_mels: int = 8
    channels: int = 16
    chunk: int = 5
    vocab: int = 10
    lr: float = 3e-4


class ConvBlock(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Conv(self.channels, kernel_size=(3,))(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.relu(h)


class ChunkEncoder(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, chunk, train: bool):
        h = ConvBlock(self.channels)(chunk, train)
        h = ConvBlock(self.channels)(h, train)
        return h.mean(axis=1)


class StreamingRecognizer(nn.Module):
    cfg: StreamConfig

    def setup(self):
        self.encoder = ChunkEncoder(self.cfg.channels)
        self.rnn = nn.GRUCell(self.cfg.channels)
        self.classifier = nn.Dense(self.cfg.vocab)

    def chunk_logits(self, state, chunk, train: bool = False):
        state, out = self.rnn(state, self.encoder(chunk, train))
        return state, self.classifier(out)

    def __call__(self, chunks, train: bool = False):
        state = jnp.zeros((chunks.shape[1], self.cfg.channels))
        _, logits = jax.lax.scan(lambda s, c: self.chunk_logits(s, c, train), state, chunks)
        return logits


def train_step(model, tx, params, batch_stats, opt_state, chunks, labels):
    def loss_fn(p):
        logits = model.apply({"params": p, "batch_stats": batch_stats}, chunks, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def main():
    cfg = StreamConfig()
    model = StreamingRecognizer(cfg)
    chunks = jax.random.normal(jax.random.key(0), (6, 2, cfg.chunk, cfg.n_mels))
    labels = jax.random.randint(jax.random.key(1), (6, 2), 0, cfg.vocab)
    state0 = jnp.zeros((2, cfg.channels))
    variables = model.init(jax.random.key(2), state0, chunks[0], method=StreamingRecognizer.chunk_logits)
    tx = optax.adam(cfg.lr)
    params, batch_stats = variables["params"], variables["batch_stats"]
    opt_state = tx.init(params)
    train_step(model, tx, params, batch_stats, opt_state, chunks, labels)
    return None
