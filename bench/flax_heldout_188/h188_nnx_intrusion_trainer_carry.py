# label: ok
# flax-error: none
# class: 4 the trainer splits self.state.model and self.state.optimizer with nnx.split; the state rides in the scan carry, is merged in the body and written back with nnx.update
"""Network intrusion detection: the nightly trainer fine-tunes the flow classifier on the
day's labelled flows, one scan step per microbatch."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
    features: int = 10
    hidden: int = 24
    classes: int = 3
    learning_rate: float = 1e-2
    microbatches: int = 4
    batch: int = 16


class FlowClassifier(nnx.Module):
    def __init__(self, cfg: TrainerConfig, rngs: nnx.Rngs):
        self.embed = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.classes, rngs=rngs)

    def __call__(self, flows):
        return self.out(nnx.relu(self.embed(flows)))


@dataclasses.dataclass
class TrainState:
    model: FlowClassifier
    optimizer: nnx.Optimizer


def cross_entropy(model, flows, labels):
    return optax.softmax_cross_entropy_with_integer_labels(model(flows), labels).mean()


class NightlyTrainer:
    def __init__(self, cfg: TrainerConfig, seed: int = 0):
        model = FlowClassifier(cfg, nnx.Rngs(seed))
        optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)
        self.state = TrainState(model, optimizer)

    def fit_day(self, flows, labels):
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def microbatch(carry, batch):
            train_state, total = carry
            model, optimizer = nnx.merge(graphdef, train_state)
            x, y = batch
            loss, grads = nnx.value_and_grad(cross_entropy)(model, x, y)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), loss

        (train_state, total), _ = lax.scan(microbatch, (train_state, jnp.zeros(())), (flows, labels))
        nnx.update((self.state.model, self.state.optimizer), train_state)
        return total


def main():
    cfg = TrainerConfig()
    key_x, key_y = jax.random.split(jax.random.key(8))
    flows = jax.random.normal(key_x, (cfg.microbatches, cfg.batch, cfg.features))
    labels = jax.random.randint(key_y, (cfg.microbatches, cfg.batch), 0, cfg.classes)
    NightlyTrainer(cfg).fit_day(flows, labels)
    return None
