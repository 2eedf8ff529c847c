# label: ok
# flax-error: none
# class: 4 Trainer.fit carries nnx.split state of (model, optimizer) through the raw scan; train_step merges, steps and returns state
"""Neural program induction: a small controller learns to emit register-machine instruction logits."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class InductionConfig:
    num_ops: int = 6
    registers: int = 4
    hidden: int = 24
    lr: float = 1e-2


class InstructionDecoder(nnx.Module):
    def __init__(self, cfg: InductionConfig, rngs: nnx.Rngs):
        self.trunk = nnx.Sequential(
            nnx.Linear(cfg.registers * 2, cfg.hidden, rngs=rngs), nnx.gelu,
            nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs), nnx.gelu)
        self.op_head = nnx.Linear(cfg.hidden, cfg.num_ops, rngs=rngs)
        self.arg_head = nnx.Linear(cfg.hidden, cfg.registers, rngs=rngs)

    def __call__(self, io_pair):
        h = self.trunk(io_pair)
        return self.op_head(h), self.arg_head(h)


def program_loss(model, io_pairs, ops, args):
    op_logits, arg_logits = model(io_pairs)
    return (optax.softmax_cross_entropy_with_integer_labels(op_logits, ops).mean()
            + optax.softmax_cross_entropy_with_integer_labels(arg_logits, args).mean())


def train_step(graphdef, state, batch):
    model, optimizer = nnx.merge(graphdef, state)
    loss, grads = nnx.value_and_grad(program_loss)(model, *batch)
    optimizer.update(model, grads)
    return nnx.state((model, optimizer)), loss


class Trainer:
    def __init__(self, cfg: InductionConfig, seed: int = 0):
        self.model = InstructionDecoder(cfg, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.lr), wrt=nnx.Param)

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            return train_step(graphdef, state, batch)

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def make_batches(cfg, key, steps=5, batch=16):
    k1, k2, k3 = jax.random.split(key, 3)
    io = jax.random.normal(k1, (steps, batch, cfg.registers * 2))
    ops = jax.random.randint(k2, (steps, batch), 0, cfg.num_ops)
    args = jax.random.randint(k3, (steps, batch), 0, cfg.registers)
    return io, ops, args


def main():
    cfg = InductionConfig()
    trainer = Trainer(cfg)
    losses = trainer.fit(make_batches(cfg, jax.random.key(1)))
    print("losses", losses.round(3).tolist(), "steps", int(trainer.optimizer.step.value))
    return None
