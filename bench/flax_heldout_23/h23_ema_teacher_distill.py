# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "logits" in "/" because collection "center" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 fori_loop body over views calls _teacher_probs, which updates the 'center' collection; apply is called without mutable
"""Self-distillation with an EMA teacher and output centering (DINO-style).

The teacher is an exponential moving average of the student; its logits are
centred with a running mean before the sharpened softmax.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class DistillConfig:
    in_dim: int = 10
    out_dim: int = 8
    n_views: int = 4
    t_student: float = 0.1
    t_teacher: float = 0.04
    center_momentum: float = 0.9
    ema: float = 0.99


class Projector(nn.Module):
    out_dim: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.out_dim)(nn.gelu(nn.Dense(32)(x)))


class SelfDistill(nn.Module):
    cfg: DistillConfig

    def setup(self):
        self.student = Projector(self.cfg.out_dim)
        self.teacher = Projector(self.cfg.out_dim)
        self.center = self.variable("center", "logits", jnp.zeros, (self.cfg.out_dim,))

    def _teacher_probs(self, logits):
        probs = jax.nn.softmax((logits - self.center.value) / self.cfg.t_teacher, -1)
        m = self.cfg.center_momentum
        self.center.value = m * self.center.value + (1 - m) * logits.mean(0)
        return probs

    def embed(self, views):
        return self.student(views), lax.stop_gradient(self.teacher(views))

    def __call__(self, views):
        s_logits, t_logits = self.embed(views)

        def body(i, total):
            p_t = self._teacher_probs(t_logits[i])
            log_p_s = jax.nn.log_softmax(s_logits[(i + 1) % self.cfg.n_views] / self.cfg.t_student)
            return total - jnp.mean(jnp.sum(p_t * log_p_s, -1))
        return lax.fori_loop(0, self.cfg.n_views, body, 0.0) / self.cfg.n_views


def make_update(model, tx, cfg):
    def loss_fn(student, teacher, center, views):
        params = {"student": student, "teacher": teacher}
        return model.apply({"params": params, "center": center}, views)

    @jax.jit
    def update(params, center, opt_state, views):
        loss, g = jax.value_and_grad(loss_fn)(params["student"], params["teacher"], center, views)
        upd, opt_state = tx.update(g, opt_state, params["student"])
        student = optax.apply_updates(params["student"], upd)
        teacher = optax.incremental_update(student, params["teacher"], 1 - cfg.ema)
        return {"student": student, "teacher": teacher}, center, opt_state, loss
    return update


def main():
    cfg = DistillConfig()
    model = SelfDistill(cfg)
    views = jax.random.normal(jax.random.key(0), (cfg.n_views, 16, cfg.in_dim))
    variables = model.init(jax.random.key(1), views, method=SelfDistill.embed)
    params, center = variables["params"], variables["center"]
    tx = optax.adamw(1e-3)
    opt_state = tx.init(params["student"])
    update = make_update(model, tx, cfg)
    params, center, opt_state, loss = update(params, center, opt_state, views)
    float(loss)
    return None
