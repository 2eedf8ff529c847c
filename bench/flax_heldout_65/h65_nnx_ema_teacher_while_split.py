# label: ok
# flax-error: none
# class: 4 a SelfTrainer splits the teacher too, carries its state in the while_loop, merges it in the body and updates the teacher after the loop
"""Mean-teacher self-training: student steps plus EMA teacher updates in lax.while_loop (both carried)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class SelfTrainer:
    def __init__(self, student, teacher, decay=0.9, lr=0.05, max_steps=5):
        self.student = student
        self.teacher = teacher
        self.decay = decay
        self.lr = lr
        self.max_steps = max_steps

    def _ema(self, teacher_params, student_params):
        return jax.tree.map(lambda t, s: self.decay * t + (1 - self.decay) * s, teacher_params, student_params)

    def fit(self, x):
        graphdef, student_state = nnx.split(self.student)
        teacher_def, teacher_state = nnx.split(self.teacher)

        def cond(carry):
            step, _, _ = carry
            return step < self.max_steps

        def body(carry):
            step, state, t_state = carry
            student = nnx.merge(graphdef, state)
            teacher = nnx.merge(teacher_def, t_state)
            target = jax.nn.softmax(teacher(x))
            grads = nnx.grad(lambda m: -jnp.mean(jnp.sum(target * jax.nn.log_softmax(m(x)), -1)))(student)
            params = nnx.state(student, nnx.Param)
            nnx.update(student, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            nnx.update(teacher, self._ema(nnx.state(teacher, nnx.Param), nnx.state(student, nnx.Param)))
            return step + 1, nnx.state(student), nnx.state(teacher)

        _, student_state, teacher_state = lax.while_loop(cond, body, (0, student_state, teacher_state))
        nnx.update(self.student, student_state)
        nnx.update(self.teacher, teacher_state)


def main():
    student = Net(nnx.Rngs(0))
    teacher = Net(nnx.Rngs(1))
    SelfTrainer(student, teacher).fit(jnp.ones((6, 4)))
    return None
