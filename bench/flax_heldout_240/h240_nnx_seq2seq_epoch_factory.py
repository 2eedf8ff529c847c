# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 256 (1.0 KB)
# class: 5 make_train_epoch closes over the model and optimizer and returns functools.partial(lax.scan, train_step, ...); train_step applies nnx.value_and_grad to the closed-over model inside the scan body
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax
from jax import lax

VOCAB = 10
EMB = 8
HID = 16
BOS = 1


class DotAttention(nnx.Module):
    def __init__(self, hidden, *, rngs):
        self.query = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)

    def __call__(self, h, enc_out):
        scores = jnp.einsum("bh,bsh->bs", self.query(h), enc_out) / jnp.sqrt(h.shape[-1])
        weights = nnx.softmax(scores, axis=-1)
        return jnp.einsum("bs,bsh->bh", weights, enc_out)


class Seq2SeqAttn(nnx.Module):
    def __init__(self, *, rngs):
        self.src_embed = nnx.Embed(VOCAB, EMB, rngs=rngs)
        self.encoder = nnx.Linear(EMB, HID, rngs=rngs)
        self.tgt_embed = nnx.Embed(VOCAB, EMB, rngs=rngs)
        self.cell = nnx.GRUCell(EMB + HID, HID, rngs=rngs)
        self.attention = DotAttention(HID, rngs=rngs)
        self.out = nnx.Linear(2 * HID, VOCAB, rngs=rngs)

    def __call__(self, src, tgt_in):
        enc_out = jnp.tanh(self.encoder(self.src_embed(src)))
        h = enc_out.mean(axis=1)
        logits = []
        for t in range(tgt_in.shape[1]):
            context = self.attention(h, enc_out)
            h, _ = self.cell(h, jnp.concatenate([self.tgt_embed(tgt_in[:, t]), context], axis=-1))
            logits.append(self.out(jnp.concatenate([h, context], axis=-1)))
        return jnp.stack(logits, axis=1)


def teacher_forced_loss(model, src, tgt_in, tgt_out):
    logits = model(src, tgt_in)
    return optax.softmax_cross_entropy_with_integer_labels(logits, tgt_out).mean()


def make_train_epoch(model, optimizer):
    grad_fn = nnx.value_and_grad(teacher_forced_loss)

    def train_step(total, batch):
        src, tgt_in, tgt_out = batch
        loss, grads = grad_fn(model, src, tgt_in, tgt_out)
        optimizer.update(model, grads)
        return total + loss, loss

    return functools.partial(lax.scan, train_step, jnp.float32(0.0))


def make_batches(key, n_batches=3, batch=2, src_len=5, tgt_len=4):
    k_src, k_tgt = jax.random.split(key)
    src = jax.random.randint(k_src, (n_batches, batch, src_len), 2, VOCAB)
    tgt = jax.random.randint(k_tgt, (n_batches, batch, tgt_len), 2, VOCAB)
    tgt_in = jnp.concatenate([jnp.full((n_batches, batch, 1), BOS), tgt[..., :-1]], axis=-1)
    return src, tgt_in, tgt


def main():
    model = Seq2SeqAttn(rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    run_epoch = make_train_epoch(model, optimizer)
    total, losses = run_epoch(make_batches(jax.random.key(1)))
    jax.block_until_ready((total, losses))
